// Sends a video endpoint's answer (episodes/stored-video.ts): the MP4, a range of it or its
// 304 as the service shaped it, or 202 with Retry-After and the making's progress.
import type { FastifyReply } from 'fastify';
import type { VideoAnswer } from '../episodes/stored-video.ts';

export function sendVideo(reply: FastifyReply, video: VideoAnswer): FastifyReply {
  if (video.kind === 'pending') {
    return reply.status(202).header('Retry-After', String(video.retryAfter)).send({
      success: true as const,
      message: `The ${video.video.kind} is being made (${video.video.progressPercent}%); ask again after Retry-After seconds, or follow ${video.video.streamUrl}`,
      retryAfter: video.retryAfter,
      video: video.video,
    });
  }
  return reply.status(video.answer.status).headers(video.answer.headers).send(video.answer.body);
}
