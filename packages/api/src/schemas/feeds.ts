// Shapes of the private feed routes (/feeds/:token/…), which podcast apps call.
import Type from 'typebox';

const Token = Type.String({ minLength: 1, maxLength: 128, description: 'The feed token from the feed URL' });

export const FeedParams = Type.Object({ token: Token });
export const FeedEpisodeParams = Type.Object({ token: Token, episodeId: Type.String({ minLength: 1, maxLength: 64 }) });
/** `?v=`: a version in a file's address (the artwork's, an episode's revision), so apps that cache by address fetch the new file; ignored. */
export const VersionQuery = Type.Object({ v: Type.Optional(Type.String({ maxLength: 64, description: 'Cache-busting version; ignored' })) });

/** A non-JSON 200 body, documented by its media type. */
export function fileResponse(description: string, mediaType: string, schema: object = { type: 'string' }): object {
  return { description, content: { [mediaType]: { schema } } };
}

export const NotModified = { description: 'Not modified (conditional GET)', type: 'null' };
