// Shapes of the render and revision endpoints.
import Type from 'typebox';
import { REVISION_STATUSES } from '@castwright/core/episode-states';
import { Nullable, Pagination, Timestamp } from './common.ts';

export const RevisionParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  revision: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

export const RevisionsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});

const Revision = Type.Object({
  revision: Type.Integer({ minimum: 1 }),
  createdAt: Timestamp,
  status: Type.Enum([...REVISION_STATUSES], {
    description: '`rendering`; `published` (its audio is served now); `replaced` (published, then a later revision was); `failed` (see `error`; the revision published before stayed served)',
  }),
  linesChanged: Type.Integer({ minimum: 0, description: 'Lines added, removed or changed against the revision published when this one was made (all of them for the first)' }),
  linesRendered: Nullable(Type.Integer({ minimum: 0, description: 'Lines voiced for this revision; null until it is published' })),
  linesReused: Nullable(Type.Integer({ minimum: 0, description: 'Lines found already voiced (stored by an earlier render); null until it is published' })),
  audioDuration: Nullable(Type.Integer({ minimum: 0, description: 'Seconds; null until it is published' })),
  error: Nullable(Type.String({ description: 'Why the render failed' })),
  restoredFrom: Nullable(Type.Integer({ minimum: 1, description: 'The revision whose script this one restored' })),
});

export const RevisionList = Type.Object({
  success: Type.Literal(true),
  episodeId: Type.String(),
  publishedRevision: Nullable(Type.Integer({ minimum: 1 })),
  revisions: Type.Array(Revision, { description: 'Newest first' }),
  pagination: Pagination,
});

export const RenderQueued = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  episode: Type.Object({ id: Type.String(), status: Type.String() }),
  revision: Type.Object({
    revision: Type.Integer({ minimum: 1 }),
    linesChanged: Type.Integer({ minimum: 0 }),
    restoredFrom: Nullable(Type.Integer({ minimum: 1 })),
  }),
});
