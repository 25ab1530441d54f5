// What route plugins are built from: the infrastructure one api process holds.
import type Stripe from 'stripe';
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { SecretBox } from '@castwright/core/secret-box';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import type { AccessTokens } from './auth/access-tokens.ts';
import type { AudioLinks } from './episodes/audio-links.ts';
import type { Authenticator } from './plugins/authentication.ts';
import type { ProgressHub } from './progress/progress-hub.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { VideoNotices } from './progress/video-notices.ts';
import type { DeliveryNotices } from './webhooks/delivery-notices.ts';

export interface ApiServices {
  config: Config;
  db: Db;
  storage: ObjectStorage;
  accessTokens: AccessTokens;
  auth: Authenticator;
  progressHub: ProgressHub;
  limiter: RateLimiter;
  /** The Stripe client; undefined without STRIPE_SECRET_KEY (billing answers 503). */
  stripe: Stripe | undefined;
  /** Seals what must be read back but never stored in the clear: webhook signing secrets, kept idempotent answers. */
  secretBox: SecretBox;
  /** Wakes requests waiting for a webhook test delivery. */
  deliveryNotices: DeliveryNotices;
  /** Hands the steps of making videos and clips to the event streams following their episode. */
  videoNotices: VideoNotices;
  /** Signs and checks the short-lived audio addresses players without a bearer token use. */
  audioLinks: AudioLinks;
}
