// Shapes the pages pass around, named from the typed client's generated operations.
import type { operations } from '@castwright/client/openapi';

type Json<O extends keyof operations> = operations[O]['responses'] extends { 200: { content: { 'application/json': infer Body } } } ? Body : never;

export type EpisodeDetail = Json<'getEpisodesById'>['episode'];
export type UserProfile = Json<'getUserProfile'>['user'];
export type Pronunciation = Json<'getPronunciations'>['pronunciations'][number];
export type ScriptView = Json<'getEpisodesByIdScript'>;
export type Revision = Json<'getEpisodesByIdRevisions'>['revisions'][number];
export type Voice = Json<'getVoices'>['voices'][number];
export type Show = Json<'getShowsById'>['show'];
export type ShowPart = NonNullable<Show['parts']['intro']>;
