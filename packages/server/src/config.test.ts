import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: port 3000, ./data, embedded database with demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      demoSeed: true,
      demoAdminPassword: 'karm-demo',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('draws service maps with OpenStreetMap tiles unless MAP_TILE_URL names others or none', () => {
    expect(loadConfig({}).mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example.no/{z}/{x}/{y}.png' }).mapTileUrl).toBe(
      'https://tiles.example.no/{z}/{x}/{y}.png',
    );
    expect(loadConfig({ MAP_TILE_URL: 'none' }).mapTileUrl).toBe('');
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
  });

  it('resolves a relative DATA_DIR against the folder npm was run from', () => {
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: '/srv/karm' }).dataDir).toBe('/srv/karm/data');
    expect(loadConfig({ DATA_DIR: '/var/lib/karm', INIT_CWD: '/srv/karm' }).dataDir).toBe('/var/lib/karm');
  });

  it('turns demo data off by default on PostgreSQL, and lets it be forced', () => {
    const production = { DATABASE_URL: 'postgres://localhost/karm', PUBLIC_URL: 'https://karm.example.no' };
    expect(loadConfig(production).demoSeed).toBe(false);
    expect(loadConfig({ ...production, DEMO_SEED: 'true' }).demoSeed).toBe(true);
  });

  it('listens only on this machine for a demo, whose password is published, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({ DATA_DIR: '/srv/karm', DEMO_SEED: 'false', PUBLIC_URL: 'https://karm.example.no' }).host,
    ).toBe('0.0.0.0');
    const production = { DATABASE_URL: 'postgres://localhost/karm', PUBLIC_URL: 'https://karm.example.no' };
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, DEMO_SEED: 'true' }).host).toBe('127.0.0.1');
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        DEMO_ADMIN_PASSWORD: 'short',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'DEMO_ADMIN_PASSWORD'])
        expect(problems).toContain(name);
    }
  });

  it('builds links from PUBLIC_URL; demo data defaults it to localhost, production requires it', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://karm.example.no' }).publicUrl).toBe('https://karm.example.no');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/karm', PUBLIC_URL: 'https://karm.example.no' })
        .publicUrl,
    ).toBe('https://karm.example.no');
    try {
      loadConfig({ DATABASE_URL: 'postgres://localhost/karm' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toContain('PUBLIC_URL');
    }
  });

  it('ends idle sessions after SESSION_IDLE_HOURS, 12 by default', () => {
    expect(loadConfig({}).sessionIdleHours).toBe(12);
    expect(loadConfig({ SESSION_IDLE_HOURS: '2' }).sessionIdleHours).toBe(2);
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '0' })).toThrow(ConfigError);
  });
});
