/** The pen-name binding task's replies (§3 'account-split', §7 pen-name-task/status), for server and browser. */

/** One pen name of the person, the main one first: its masked phone and whether it is an author account. */
export interface PenNameRow {
  account_id: number;
  pen_name: string;
  phone: string;
  code: string;
  is_author: number;
}

/** A binding task under way or done (`has_task` 1) with its text, else 0 and ''. */
export interface PenNameTask {
  has_task: number;
  text: string;
}

/** GET /api/pc/v1/author/pen-name-task/status. */
export interface PenNameTaskStatus {
  accounts: PenNameRow[];
  task: PenNameTask;
}
