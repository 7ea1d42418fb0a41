import type { CoverFontView, CoverSlotKey, CoverSlots } from '@author-centre/shared/cover';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiGet } from '../../platform/api.ts';

/**
 * The preview's fonts: for each font the cover uses, the server's own font file cut down to the
 * characters typed (the server renders with the same file), loaded with FontFace under a family
 * name of its own. `ready` is true once every font in use has the characters now on the cover.
 */
export function useCoverFonts(fonts: CoverFontView[], texts: Record<CoverSlotKey, string>, slots: CoverSlots | null) {
  // font id → characters it must draw, as a sorted string (stable key).
  const wanted = useMemo(() => {
    const byFont = new Map<number, Set<string>>();
    if (!slots) return new Map<number, string>();
    for (const key of Object.keys(slots) as CoverSlotKey[]) {
      const chars = byFont.get(slots[key].font_id) ?? new Set<string>();
      for (const ch of texts[key] ?? '') chars.add(ch);
      byFont.set(slots[key].font_id, chars);
    }
    return new Map([...byFont].map(([id, set]) => [id, [...set].sort().join('')]));
  }, [texts, slots]);
  const [loaded, setLoaded] = useState<Record<number, { family: string; chars: string }>>({});
  // Per font: the face on screen and the one before it (dropped when the next arrives, so a long
  // session does not pile up a face per pause in typing, and nothing on screen loses its font).
  const faces = useRef(new Map<number, FontFace[]>());
  const wantedKey = [...wanted].map(([id, chars]) => `${id}:${chars}`).join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: wantedKey stands for `wanted`.
  useEffect(() => {
    let cancelled = false;
    // Typing quickly sends one request per pause, not one per key.
    const timer = setTimeout(async () => {
      for (const [id, chars] of wanted) {
        const font = fonts.find((f) => f.font_id === id);
        if (!font || loaded[id]?.chars === chars) continue;
        try {
          const r = await apiGet<{ font: string }>(
            '/api/pc/v1/cover/font-subset',
            { font_id: id, text: chars },
            { silent: true },
          );
          const bytes = Uint8Array.from(atob(r.font), (c) => c.charCodeAt(0));
          const family = `cover-font-${id}-${Date.now().toString(36)}`;
          const face = new FontFace(family, bytes, { weight: String(font.weight) });
          await face.load();
          document.fonts.add(face);
          const kept = [...(faces.current.get(id) ?? []), face];
          while (kept.length > 2) document.fonts.delete(kept.shift() as FontFace);
          faces.current.set(id, kept);
          if (!cancelled) setLoaded((l) => ({ ...l, [id]: { family, chars } }));
        } catch {
          // The preview falls back to the browser's fonts; the saved cover is still drawn by the server.
        }
      }
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [wantedKey, fonts]);

  const ready = [...wanted].every(([id, chars]) => loaded[id]?.chars === chars);
  const familyOf = (id: number) => {
    const font = fonts.find((f) => f.font_id === id);
    const fallback = font ? `'${font.family}', serif` : 'serif';
    return { family: loaded[id] ? `'${loaded[id].family}', ${fallback}` : fallback, weight: font?.weight ?? 400 };
  };
  return { ready, familyOf };
}
