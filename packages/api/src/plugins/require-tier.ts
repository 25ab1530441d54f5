// A preHandler that admits only callers on a tier at or above a minimum: 403 `Upgrade
// required` with the same upgrade hint the episode quota error carries.
import type { FastifyRequest } from 'fastify';
import { AppError } from '@castwright/core/errors';
import { isTierAtLeast, UPGRADE_PATH, type Tier } from '@castwright/core/tiers';
import { currentUser } from './authentication.ts';

/** Runs after `requireUser`; `feature` names what needs the tier ("API keys"). */
export function requireTier(minimum: Tier, feature: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (isTierAtLeast(currentUser(request).tier, minimum)) return;
    throw new AppError('tierRequired', `${feature} need the ${minimum} tier or higher`, {
      extras: { upgrade: { message: `Upgrade to use ${feature}`, url: UPGRADE_PATH } },
    });
  };
}
