/** The S3 settings STORAGE_DRIVER=s3 needs (createStorage refuses to start without them; check-config reports them). */
export const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Every problem of the storage settings, as `VARIABLE: what is wrong` lines (none: createStorage will accept them). */
export function storageProblems(env: Record<string, string | undefined>): string[] {
  const driver = env.STORAGE_DRIVER ?? 'local';
  if (driver === 'local') return [];
  if (driver !== 's3') return [`STORAGE_DRIVER: must be 'local' or 's3' (is '${driver}')`];
  const problems = S3_REQUIRED.filter((k) => !env[k]).map((k) => `${k}: required with STORAGE_DRIVER=s3`);
  if (env.S3_ENDPOINT && !URL.canParse(env.S3_ENDPOINT)) {
    problems.push('S3_ENDPOINT: must be the object storage URL (https://…)');
  }
  if (env.S3_FORCE_PATH_STYLE && !['true', 'false'].includes(env.S3_FORCE_PATH_STYLE)) {
    problems.push('S3_FORCE_PATH_STYLE: must be true or false');
  }
  return problems;
}
