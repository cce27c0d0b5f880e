import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, wantsDemoData } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      dataDir: './data',
      brandName: 'Selvedge',
      demoData: 'auto',
      tokenTtlMinutes: 480,
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('listens on 127.0.0.1 by default whenever the demo data (known passwords) may be loaded', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEMO_DATA: 'always', DATABASE_URL: 'postgres://db/x' }).host).toBe('127.0.0.1');
    // no demo data: every interface, as a server or container needs
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO_DATA: 'never' }).host).toBe('0.0.0.0');
    // HOST says where, whatever the data
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: ' 10.0.0.5 ', DATABASE_URL: 'postgres://db/x' }).host).toBe('10.0.0.5');
  });

  it('stops with a message naming each bad variable', () => {
    const bad = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres://');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters long (got (value hidden))');
      // a secret is never printed, not even a wrong one
      expect(message).not.toContain('short');
      expect(message).toContain('PORT: ');
      expect(message).toContain('"eighty"');
    }
  });

  it('runs the job handlers in the server unless JOBS_IN_PROCESS=false', () => {
    expect(loadConfig({}).jobsInProcess).toBe(true);
    expect(loadConfig({ JOBS_IN_PROCESS: 'false' }).jobsInProcess).toBe(false);
    expect(() => loadConfig({ JOBS_IN_PROCESS: 'no' })).toThrow('JOBS_IN_PROCESS: must be true or false');
  });

  it('leaves the job supervisor and the import heartbeat to the job queue unless set, heartbeat at least 10 s', () => {
    expect(loadConfig({}).jobs).toEqual({ superviseSeconds: undefined, importHeartbeatSeconds: undefined });
    expect(loadConfig({ JOBS_SUPERVISE_SECONDS: '2', IMPORT_HEARTBEAT_SECONDS: '10' }).jobs).toEqual({
      superviseSeconds: 2,
      importHeartbeatSeconds: 10,
    });
    expect(() => loadConfig({ IMPORT_HEARTBEAT_SECONDS: '5' })).toThrow('IMPORT_HEARTBEAT_SECONDS');
  });

  it('treats empty optional variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });
});

describe('loadConfig: S3 storage', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' };
  const messageOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('is off without S3_BUCKET (files stay under DATA_DIR)', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({ S3_BUCKET: ' ', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'false' }).s3,
    ).toBeUndefined();
  });

  it('is on with S3_BUCKET and the keys, with region us-east-1 and path-style addressing by default', () => {
    expect(loadConfig({ S3_BUCKET: 'selvedge-files', ...keys }).s3).toEqual({
      endpoint: undefined,
      bucket: 'selvedge-files',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: true,
    });
  });

  it('takes an endpoint, a region and virtual-host addressing', () => {
    const c = loadConfig({
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'false',
      ...keys,
    });
    expect(c.s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      forcePathStyle: false,
    });
  });

  it('requires the access key and secret with a bucket, naming each', () => {
    const message = messageOf({ S3_BUCKET: 'files' });
    expect(message).toContain('S3_ACCESS_KEY_ID: is required when S3_BUCKET is set');
    expect(message).toContain('S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set');
    expect(messageOf({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'k' })).not.toContain('S3_ACCESS_KEY_ID');
  });

  it('refuses S3 settings without a bucket rather than ignoring them', () => {
    expect(messageOf({ S3_ENDPOINT: 'http://minio:9000', ...keys })).toContain(
      'S3_BUCKET: is required with S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
  });

  it('checks the endpoint and the path-style flag, together with other variables', () => {
    const message = messageOf({
      PORT: 'x',
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'ftp://files',
      S3_FORCE_PATH_STYLE: 'yes',
    });
    expect(message).toContain('PORT');
    expect(message).toContain('S3_ENDPOINT: must be a URL such as https://s3.example.com');
    expect(message).toContain('S3_FORCE_PATH_STYLE: must be true or false (got "yes")');
    expect(message).toContain('S3_ACCESS_KEY_ID: is required when S3_BUCKET is set');
    expect(messageOf({ S3_BUCKET: 'files', S3_ENDPOINT: 'not a url', ...keys })).toContain('S3_ENDPOINT');
  });
});

describe('wantsDemoData', () => {
  it('loads demo data into the embedded database only, unless asked for', () => {
    expect(wantsDemoData('auto', 'pglite')).toBe(true);
    expect(wantsDemoData('auto', 'postgres')).toBe(false);
    expect(wantsDemoData('always', 'postgres')).toBe(true);
    expect(wantsDemoData('never', 'pglite')).toBe(false);
  });
});
