// A custom voice from a clip of one speaker (POST /api/voices, creator tier and up): a
// name, the clip, an explicit consent statement the person must tick, and the optional
// gender, language and description. The clip's checks (length, sample rate, silence,
// clipping) are the server's; its refusal comes back in words.
import { ok } from '../api/errors.ts';
import { api } from '../api/session.ts';
import { useSubmission } from '../api/submission-key.ts';
import type { Voice } from '../api/types.ts';
import { useAction } from '../hooks.ts';
import { Choice } from './choice.tsx';
import { DoneNotice, ErrorNotice } from './notice.tsx';

/** The API's bounds (core's voices/custom-voices.ts). */
const NAME_MAX = 60;
const DESCRIPTION_MAX = 200;

const CONSENT_STATEMENT =
  'I have the right to use this voice: it is my own, or the person speaking in this clip has agreed that their voice may be cloned to voice podcasts with Castwright.';

function voiceForm(form: HTMLFormElement): FormData {
  const values = new FormData(form);
  const body = new FormData();
  for (const name of ['name', 'gender', 'language', 'description']) {
    const value = String(values.get(name) ?? '').trim();
    if (value) body.set(name, value);
  }
  body.set('consent', values.get('consent') === 'on' ? 'true' : 'false');
  body.set('file', values.get('file') as File);
  return body;
}

export function CustomVoiceForm({ onAdded }: { onAdded: (voice: Voice) => void }) {
  const submission = useSubmission();
  const add = useAction(async (form: HTMLFormElement) => {
    const body = voiceForm(form);
    const { voice } = await submission.send(body, async (header) => ok(await api.POST('/api/voices', { params: { header }, body: body as never })));
    onAdded(voice);
    form.reset();
    return `Added ${voice.name}. It is being registered with the Chatterbox server; the list above says when it is ready.`;
  });
  return (
    <form class="card stack" aria-labelledby="custom-voice-heading" onSubmit={(event) => { event.preventDefault(); void add.run(event.currentTarget); }}>
      <h2 id="custom-voice-heading">Add your own voice</h2>
      <p class="hint">A clip of one person speaking: WAV, MP3 or FLAC, 5 to 30 seconds, at least 16 kHz, clear and not too loud. Only you can use the voice, with the Chatterbox engine.</p>
      <label for="voice-name">Name</label>
      <input id="voice-name" name="name" required maxLength={NAME_MAX} autocomplete="off" />
      <label for="voice-file">Clip</label>
      <input id="voice-file" name="file" type="file" required accept=".wav,.mp3,.flac,audio/wav,audio/mpeg,audio/flac" />
      <div class="grid">
        <div>
          <label for="voice-gender">Gender <span class="hint">(optional)</span></label>
          <Choice id="voice-gender" name="gender" initial="" options={[['', 'Not given'], ['female', 'Female'], ['male', 'Male']]} describedBy="voice-gender-hint" />
          <p id="voice-gender-hint" class="hint">Used to pick the closest voice if another engine has to stand in.</p>
        </div>
        <div>
          <label for="voice-language">Language spoken <span class="hint">(optional)</span></label>
          <input id="voice-language" name="language" placeholder="en" maxLength={35} pattern="[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*" aria-describedby="voice-language-hint" />
          <p id="voice-language-hint" class="hint">A language tag such as en, en-GB or fr; English when left empty.</p>
        </div>
      </div>
      <label for="voice-description">Description <span class="hint">(optional)</span></label>
      <input id="voice-description" name="description" maxLength={DESCRIPTION_MAX} />
      <label class="check consent"><input type="checkbox" name="consent" required /> {CONSENT_STATEMENT}</label>
      <ErrorNotice error={add.error} />
      <DoneNotice message={add.done} />
      <button class="primary" disabled={add.busy}>{add.busy ? 'Checking the clip…' : 'Add the voice'}</button>
    </form>
  );
}
