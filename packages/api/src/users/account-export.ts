// The data export: everything the account holds, in one JSON document.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectAllDocuments } from '@castwright/core/repositories/documents';
import { selectAllEpisodes } from '@castwright/core/repositories/episodes';
import { selectAllPlaylists } from '@castwright/core/repositories/playlists';
import { selectPronunciations } from '@castwright/core/repositories/pronunciations';
import { selectPartsOfShows } from '@castwright/core/repositories/show-audio-parts';
import { selectAllShows } from '@castwright/core/repositories/shows';
import { selectUsageRecords } from '@castwright/core/repositories/usage-reports';
import { selectWebhooksWithStats } from '@castwright/core/repositories/webhooks';
import { documentView } from '../documents/document-views.ts';
import { episodeDetailViews } from '../episodes/episode-detail.ts';
import { pronunciationView } from '../pronunciations/pronunciation-views.ts';
import { showView } from '../shows/show-views.ts';
import { webhookView } from '../webhooks/webhook-views.ts';
import { usageRecordView } from './user-views.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function buildAccountExport(db: Db, user: UserRow, now = new Date()) {
  const [episodes, playlists, usage, webhooks, pronunciations, documents, shows] = await Promise.all([
    selectAllEpisodes(db, user.id),
    selectAllPlaylists(db, user.id),
    selectUsageRecords(db, user.id),
    selectWebhooksWithStats(db, user.id),
    selectPronunciations(db, user.id),
    selectAllDocuments(db, user.id),
    selectAllShows(db, user.id),
  ]);
  const showParts = await selectPartsOfShows(db, shows.map((show) => show.id));
  return {
    success: true as const,
    exportDate: now.toISOString(),
    user: { id: user.id, email: user.email, name: user.name, bio: user.bio, avatarUrl: user.avatar_url, tier: user.tier, createdAt: user.created_at.toISOString() },
    episodes: await episodeDetailViews(db, episodes),
    playlists: playlists.map((playlist) => ({
      id: playlist.id,
      name: playlist.name,
      description: playlist.description,
      episodeIds: playlist.episode_ids,
      createdAt: playlist.created_at.toISOString(),
      updatedAt: playlist.updated_at.toISOString(),
    })),
    usage: usage.map(usageRecordView),
    // Never the signing secrets: they are shown once, at creation.
    webhooks: webhooks.map(webhookView),
    pronunciations: pronunciations.map(pronunciationView),
    // The documents kept for use as sources, without their contents.
    documents: documents.map(documentView),
    // Their settings and what was uploaded (each part's length, name and address), not the files themselves.
    shows: shows.map((show) => showView(show, showParts)),
    summary: { totalEpisodes: episodes.length, accountAge: Math.floor((now.getTime() - user.created_at.getTime()) / DAY_MS) },
  };
}
