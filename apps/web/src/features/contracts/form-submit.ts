import type { FormInstance } from 'antd';
import { fieldErrors } from '../../platform/api-error.ts';
import { errorMessage } from '../../platform/api-reactions.ts';
import { toast } from '../../platform/notify.ts';

/**
 * Runs a form's server call (made with `{ silent: true }`): a refusal that names a field is shown
 * under it, any other as a toast. Returns whether it succeeded.
 */
export async function submitForm(form: FormInstance | null, call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    const errors = fieldErrors(error);
    if (form && errors.length) form.setFields(errors as never);
    else toast.error(errorMessage(error));
    return false;
  }
}
