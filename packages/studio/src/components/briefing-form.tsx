// A briefing's settings, for creating one and for changing it: what it is made of, how it
// sounds and when it runs.
import { useState } from 'preact/hooks';
import { Choice } from './choice.tsx';
import { FormatFields, readFormat, type Format, type Reactions } from './format-fields.tsx';
import { LanguageFields, readLanguage } from './language-fields.tsx';
import { PRESETS, type Preset } from './length-fields.tsx';

const TEMPLATES = [['general', 'General'], ['tech_news', 'Tech news'], ['market_update', 'Market update'], ['research_digest', 'Research digest']] as const;
const FREQUENCIES = [['daily', 'Every day'], ['weekdays', 'Monday to Friday'], ['weekly', 'On chosen days of the week'], ['custom', 'On chosen days of the month']] as const;
const WEEKDAYS = [['mon', 'Monday'], ['tue', 'Tuesday'], ['wed', 'Wednesday'], ['thu', 'Thursday'], ['fri', 'Friday'], ['sat', 'Saturday'], ['sun', 'Sunday']] as const;

export interface BriefingFields {
  name: string;
  description: string;
  template_type: (typeof TEMPLATES)[number][0];
  preset: Preset;
  host_mode: 'single' | 'multi';
  format: Format;
  reactions: Reactions;
  schedule_frequency: (typeof FREQUENCIES)[number][0];
  schedule_days: (number | string)[];
  schedule_time: string;
  schedule_timezone: string;
  max_sources_per_briefing: number;
  content_freshness_hours: number;
  priority_keywords: string[];
  /** null: each run detects it from the items it gathered. */
  language: string | null;
}

export const NEW_BRIEFING: BriefingFields = {
  name: '',
  description: '',
  template_type: 'general',
  preset: 'quick',
  host_mode: 'single',
  format: 'deep_dive',
  reactions: 'some',
  schedule_frequency: 'daily',
  schedule_days: [],
  schedule_time: '07:00:00',
  schedule_timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  max_sources_per_briefing: 5,
  content_freshness_hours: 24,
  priority_keywords: [],
  language: null,
};

function read(form: HTMLFormElement, frequency: BriefingFields['schedule_frequency']): BriefingFields {
  const values = new FormData(form);
  const text = (name: string) => String(values.get(name) ?? '').trim();
  const days = frequency === 'weekly'
    ? values.getAll('weekday').map(String)
    : frequency === 'custom' ? text('monthdays').split(/[\s,]+/).filter(Boolean).map(Number) : [];
  const time = text('schedule_time');
  return {
    name: text('name'),
    description: text('description'),
    template_type: text('template_type') as BriefingFields['template_type'],
    preset: text('preset') as BriefingFields['preset'],
    host_mode: text('host_mode') as BriefingFields['host_mode'],
    ...readFormat(values),
    schedule_frequency: frequency,
    schedule_days: days,
    schedule_time: time.length === 5 ? `${time}:00` : time,
    schedule_timezone: text('schedule_timezone'),
    max_sources_per_briefing: Number(text('max_sources_per_briefing')),
    content_freshness_hours: Number(text('content_freshness_hours')),
    priority_keywords: text('priority_keywords').split(',').map((keyword) => keyword.trim()).filter(Boolean),
    language: readLanguage(values).language ?? null,
  };
}

export function BriefingForm(props: { initial: BriefingFields; submitLabel: string; busy: boolean; onSubmit: (fields: BriefingFields) => void }) {
  const { initial } = props;
  const [frequency, setFrequency] = useState(initial.schedule_frequency);
  return (
    <form class="stack" onSubmit={(event) => { event.preventDefault(); props.onSubmit(read(event.currentTarget, frequency)); }}>
      <label for="briefing-name">Name</label>
      <input id="briefing-name" name="name" required maxLength={100} defaultValue={initial.name} />
      <label for="briefing-description">Description <span class="hint">(optional)</span></label>
      <input id="briefing-description" name="description" maxLength={500} defaultValue={initial.description} />
      <div class="grid">
        <div>
          <label for="briefing-template">Kind of briefing</label>
          <Choice id="briefing-template" name="template_type" initial={initial.template_type} options={TEMPLATES} />
        </div>
        <div>
          <label for="briefing-preset">Length</label>
          <Choice id="briefing-preset" name="preset" initial={initial.preset} options={PRESETS} />
        </div>
        <div>
          <label for="briefing-hosts">Hosts</label>
          <Choice id="briefing-hosts" name="host_mode" initial={initial.host_mode} options={[['single', 'One host'], ['multi', 'Two hosts']]} />
        </div>
      </div>
      <FormatFields idPrefix="briefing-" initial={{ format: initial.format, reactions: initial.reactions }} />
      <LanguageFields id="briefing-language" initial={initial.language}
        detectHint="Left to detect, each run makes its episode in the language of the items it gathered." />
      <fieldset>
        <legend>Schedule</legend>
        <label for="briefing-frequency">How often</label>
        <select id="briefing-frequency" value={frequency} onChange={(event) => setFrequency(event.currentTarget.value as BriefingFields['schedule_frequency'])}>
          {FREQUENCIES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
        {frequency === 'weekly' && (
          <fieldset class="inline">
            <legend>Days of the week</legend>
            {WEEKDAYS.map(([value, label]) => (
              <label key={value}><input type="checkbox" name="weekday" value={value} defaultChecked={initial.schedule_days.includes(value)} /> {label}</label>
            ))}
          </fieldset>
        )}
        {frequency === 'custom' && (
          <>
            <label for="briefing-monthdays">Days of the month (1–31, separated by commas)</label>
            <input id="briefing-monthdays" name="monthdays" required pattern="\s*\d{1,2}(\s*,\s*\d{1,2})*\s*" defaultValue={initial.schedule_days.join(', ')} />
          </>
        )}
        <div class="grid">
          <div>
            <label for="briefing-time">Time</label>
            <input id="briefing-time" name="schedule_time" type="time" step={60} required defaultValue={initial.schedule_time.slice(0, 5)} />
          </div>
          <div>
            <label for="briefing-timezone">Time zone</label>
            <input id="briefing-timezone" name="schedule_timezone" required maxLength={64} defaultValue={initial.schedule_timezone} />
          </div>
        </div>
      </fieldset>
      <div class="grid">
        <div>
          <label for="briefing-sources">Most items an episode is made from</label>
          <input id="briefing-sources" name="max_sources_per_briefing" type="number" min={1} max={20} required defaultValue={String(initial.max_sources_per_briefing)} />
        </div>
        <div>
          <label for="briefing-freshness">Only items from the last (hours)</label>
          <input id="briefing-freshness" name="content_freshness_hours" type="number" min={1} max={168} required defaultValue={String(initial.content_freshness_hours)} />
        </div>
      </div>
      <label for="briefing-keywords">Priority keywords <span class="hint">(separated by commas)</span></label>
      <input id="briefing-keywords" name="priority_keywords" defaultValue={initial.priority_keywords.join(', ')} />
      <button class="primary" disabled={props.busy}>{props.submitLabel}</button>
    </form>
  );
}
