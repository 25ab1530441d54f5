// OpenAPI security requirements: a bearer token, required or optional.
export const bearer: { [scheme: string]: string[] }[] = [{ bearer: [] }];
export const optionalBearer: { [scheme: string]: string[] }[] = [{}, { bearer: [] }];
