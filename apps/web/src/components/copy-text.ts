import i18n from '../i18n/index.ts';
import { toast } from '../platform/notify.ts';

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies text to the clipboard and says '复制成功' or '复制失败' (§8). Resolves to whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  let ok = false;
  try {
    if (navigator.clipboard && globalThis.isSecureContext) {
      await navigator.clipboard.writeText(text);
      ok = true;
    } else {
      ok = copyWithSelection(text);
    }
  } catch {
    ok = copyWithSelection(text);
  }
  if (ok) toast.success(i18n.t('copy.success'));
  else toast.error(i18n.t('copy.failed'));
  return ok;
}
