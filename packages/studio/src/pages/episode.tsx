// `/episodes/:id`: progress while it is made, and its live stream once it can be heard; then the player with the transcript beside
// it (the line being heard highlighted, a line or a chapter seeks), search, show notes,
// downloads, the public switch and delete. Public episodes open without an account. The
// hosts by name, the published revision and a link to the script editor; while an edited
// script is recorded again, its progress above the published revision, which still plays.
// The episode as video, and clips of passages of its transcript ("Video", "Clip this").
// The sources it is made from, each with the moments it is discussed (which seek the player).
import { useEffect, useRef } from 'preact/hooks';
import { useRoute } from 'preact-iso/router';
import { ok } from '../api/errors.ts';
import { needsFollowing, useProgress } from '../api/progress.ts';
import { api } from '../api/session.ts';
import { Downloads, EpisodeSettings } from '../components/episode-settings.tsx';
import { EpisodeSources, type SourceMoments } from '../components/episode-sources.tsx';
import { ErrorNotice, Loading } from '../components/notice.tsx';
import { LivePlayer } from '../components/live-player.tsx';
import { Player, useAudioClock, usePlayer } from '../components/player.tsx';
import { ProgressBar } from '../components/progress-bar.tsx';
import { ClipMaker } from '../components/clip-maker.tsx';
import { Chapters, ShowNotes, type ShowNotesData } from '../components/show-notes.tsx';
import { Transcript, type Segment } from '../components/transcript.tsx';
import { VideoPanel } from '../components/video-panel.tsx';
import { date, FORMAT_LABELS, minutes, REACTION_LABELS, spokenDuration, statusLabel } from '../format.ts';
import { languageLabel } from '../components/language-fields.tsx';
import type { EpisodeDetail } from '../api/types.ts';
import { useResource, useSession, useTitle } from '../hooks.ts';

type Material = { segments: Segment[]; notes: ShowNotesData; moments: SourceMoments };

/** The transcript and show notes of a ready episode (whose sources, in order, carry their moments); undefined (not an error) before it is ready. */
async function readMaterial(id: string): Promise<Material | undefined> {
  const [transcript, notes] = await Promise.all([
    api.GET('/api/episodes/{id}/transcript', { params: { path: { id } } }),
    api.GET('/api/episodes/{id}/show-notes', { params: { path: { id } } }),
  ]);
  if (!transcript.response.ok || !notes.response.ok || typeof transcript.data !== 'object' || !notes.data) return undefined;
  const moments = notes.data.sources.map((source, index) => ({ index, timestamps: source.timestamps }));
  return { segments: transcript.data.segments, notes: notes.data, moments };
}

/**
 * The episode, then its transcript and show notes once it has published audio (they are
 * there from the first ready on, also while an edited script is recorded again), drawn in
 * one paint: nothing moves under the reader when the transcript arrives. They are not asked
 * for before: an episode still being made has none, and asking would be a 409 in the
 * browser's console on every visit to it.
 */
async function readEpisode(id: string): Promise<{ episode: EpisodeDetail; material: Material | undefined }> {
  const { episode } = ok(await api.GET('/api/episodes/{id}', { params: { path: { id } } }));
  return { episode, material: episode.audioUrl !== null ? await readMaterial(id).catch(() => undefined) : undefined };
}

/** "Ada, Bram and Cleo". */
function names(hosts: { name: string }[]): string {
  const all = hosts.map((host) => host.name);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
}

function Listening({ episode, signedIn, material }: { episode: EpisodeDetail; signedIn: boolean; material: Material | undefined }) {
  const id = episode.id;
  const audio = useRef<HTMLAudioElement>(null);
  const player = usePlayer(audio, episode);
  const ms = useAudioClock(audio, player.src);
  const playing = Boolean(audio.current && !audio.current.paused);
  return (
    <div class="listening">
      <div class="side">
        <Player audio={audio} player={player} duration={episode.audioDuration} title={episode.title} />
        {signedIn && <Downloads episode={episode} />}
        {material && <Chapters chapters={material.notes.chapters} current={ms} onSeek={player.seek} />}
        <EpisodeSources sources={episode.sources} moments={material?.moments} onSeek={player.seek} />
        {material && <ShowNotes notes={material.notes} />}
      </div>
      <div class="main">
        {!material && <p class="notice error" role="alert">The transcript could not be read; reload the page to try again.</p>}
        {material && <Transcript episodeId={id} segments={material.segments} ms={ms} playing={playing} onSeek={player.seek} />}
      </div>
    </div>
  );
}

export function Episode() {
  const { params } = useRoute();
  const id = params.id ?? '';
  const session = useSession();
  const signedIn = session.kind === 'signed-in';
  // Asked for at once: the session fetch holds requests until the page load's renewal is done.
  const episode = useResource(() => readEpisode(id), [id]);
  const data = episode.data?.episode;
  useTitle(data?.title || 'Episode');
  // Someone else's public episode is heard and read; its controls are its owner's alone.
  const owner = Boolean(signedIn && data?.isOwner);
  const follow = Boolean(signedIn && data && needsFollowing(data.status));
  const live = useProgress(id, follow);
  useEffect(() => {
    if (live && (live.status === 'ready' || live.status === 'error' || live.status === 'review_script')) episode.reload();
  }, [live?.status]);
  if (!data) {
    return (
      <section>
        <h1>Episode</h1>
        {episode.loading ? <Loading what="the episode" /> : <ErrorNotice error={episode.error} />}
        {!signedIn && episode.error?.status === 404 && <p>If this is your episode, <a href={`/sign-in?next=/episodes/${encodeURIComponent(id)}`}>sign in</a> to open it.</p>}
      </section>
    );
  }
  const status = live?.status ?? data.status;
  const percent = live?.progressPercent ?? data.progressPercent;
  // What the stage waits on: a live step without a note moved on, which clears it.
  const waitingOn = live ? (live.note ?? null) : data.progressNote;
  const editable = (status === 'ready' || status === 'error') && data.scriptText !== null;
  return (
    <article class="episode">
      <header>
        <h1>{data.title || 'Untitled episode'}</h1>
        <p class="meta">
          <span class={`status status-${status}`}>{statusLabel(status)}</span>
          {data.show && <span>In the show “{data.show.name}”</span>}
          <span>{spokenDuration(data.audioDuration)}</span>
          <span>{data.hosts?.length ? `Hosts: ${names(data.hosts)}` : data.hostMode === 'multi' ? 'Two hosts' : 'One host'}</span>
          <span>{FORMAT_LABELS[data.format]}, {REACTION_LABELS[data.reactions]}</span>
          {data.publishedRevision !== null && <span>Revision {data.publishedRevision}</span>}
          <span>{data.language ? `${languageLabel(data.language)}${data.languageDetected ? ', detected' : ''}` : 'Language: detected once the source is read'}</span>
          <span>Planned for {minutes(data.durationMinutes)}</span>
          <span>{date(data.createdAt)}</span>
          {data.voice.engineUsed && <span>Voiced by {data.voice.engineUsed}</span>}
        </p>
        {data.description && <p>{data.description}</p>}
        {data.lengthNote && <p class="notice length-note">{data.lengthNote}</p>}
        {owner && editable && <p><a class="button" href={`/episodes/${id}/script`}>Edit the script</a></p>}
      </header>
      {/* Followed during this visit, the bar stays at 100% when the episode is ready. */}
      {((status !== 'ready' && status !== 'error' && status !== 'review_script') || live?.status === 'ready') && (
        <ProgressBar percent={percent} status={status} label="Progress of this episode" />
      )}
      {waitingOn && status !== 'ready' && status !== 'error' && <p class="notice" role="status">{waitingOn}</p>}
      {owner && status === 'review_script' && (
        <div class="notice" role="status">
          <p>The script is written and waits for your review before it is recorded.</p>
          <p><a class="button primary" href={`/episodes/${id}/script`}>Review the script</a></p>
        </div>
      )}
      {status === 'error' && <p class="notice error" role="alert">This episode could not be made: {data.error ?? live?.error ?? 'an unknown error'}.</p>}
      {status === 'generating_audio' && data.audioUrl === null && (live?.previewUrl ?? data.previewUrl) && (
        <LivePlayer episodeId={id} durationMs={live?.previewDurationMs ?? data.previewDurationMs} title={data.title || 'this episode'} />
      )}
      {data.audioUrl === null && <EpisodeSources sources={data.sources} />}
      {data.audioUrl !== null && (data.status === 'ready' || data.status === 'generating_audio') && (
        // A new revision is a new player: its audio is fetched afresh.
        <Listening key={data.publishedRevision ?? 0} episode={data} signedIn={signedIn} material={episode.data?.material} />
      )}
      {owner && data.audioUrl !== null && <VideoPanel episodeId={id} title={data.title} />}
      {owner && data.audioUrl !== null && episode.data?.material && episode.data.material.segments.length > 0 && (
        <ClipMaker episodeId={id} title={data.title} segments={episode.data.material.segments} />
      )}
      {owner && <EpisodeSettings episode={data} onChange={(changed) => episode.set({ episode: changed, material: episode.data?.material })} />}
    </article>
  );
}
