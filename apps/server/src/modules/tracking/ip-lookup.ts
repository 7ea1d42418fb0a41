import { isIP } from 'node:net';

/**
 * IP → time zone and country (§7 "a GET to an IP-lookup service by IP returns time_zone").
 * Default: the offline database shipped in the geoip-lite package. With IP_LOOKUP_URL set, an
 * HTTP service is asked instead: the URL with `{ip}` replaced, answering JSON that carries
 * `time_zone` (or `timezone`) and optionally `country_code` (or `country`).
 */
export interface IpInfo {
  timeZone: string;
  /** ISO 3166-1 alpha-2, '' when unknown. */
  country: string;
}

export interface IpLookup {
  /** null when the address is private, unknown or the lookup failed. */
  lookup(ip: string): Promise<IpInfo | null>;
}

type GeoIp = { lookup(ip: string): { timezone?: string; country?: string } | null };
let geoip: Promise<GeoIp> | null = null;

export class OfflineIpLookup implements IpLookup {
  async lookup(ip: string): Promise<IpInfo | null> {
    if (!isIP(ip)) return null;
    // Loaded on first use: the database is read into memory, which pages that never ask need not pay for.
    geoip ??= import('geoip-lite').then((m) => (m.default ?? m) as unknown as GeoIp);
    const hit = (await geoip).lookup(ip);
    if (!hit?.timezone) return null;
    return { timeZone: hit.timezone, country: hit.country ?? '' };
  }
}

export class HttpIpLookup implements IpLookup {
  readonly #template: string;
  readonly #timeoutMs: number;

  constructor(template: string, timeoutMs = 3000) {
    this.#template = template;
    this.#timeoutMs = timeoutMs;
  }

  async lookup(ip: string): Promise<IpInfo | null> {
    if (!isIP(ip)) return null;
    try {
      const response = await fetch(this.#template.replace('{ip}', encodeURIComponent(ip)), {
        signal: AbortSignal.timeout(this.#timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return null;
      const body = (await response.json()) as Record<string, unknown>;
      const data = (body.data && typeof body.data === 'object' ? body.data : body) as Record<string, unknown>;
      const timeZone = data.time_zone ?? data.timezone;
      if (typeof timeZone !== 'string' || !timeZone) return null;
      const country = data.country_code ?? data.country;
      return { timeZone, country: typeof country === 'string' ? country.toUpperCase() : '' };
    } catch {
      return null;
    }
  }
}

export function createIpLookup(env: Record<string, string | undefined>): IpLookup {
  const url = env.IP_LOOKUP_URL;
  if (url) {
    if (!/^https?:\/\//.test(url) || !url.includes('{ip}')) {
      throw new Error('IP_LOOKUP_URL: must be an http(s) URL containing {ip}');
    }
    return new HttpIpLookup(url);
  }
  return new OfflineIpLookup();
}
