/** A Select's ref (antd's RefSelectProps): its element and its own focus. */
interface SelectFocusable {
  nativeElement: HTMLElement;
  focus(): void;
}

/**
 * Gives a dialog's first field the focus once the dialog has opened (call it from `afterOpenChange`,
 * when antd's opening motion has ended), unless the focus is already on something in the dialog.
 * A person can click a field while the dialog still opens, e.g. a Select, whose list opens at once:
 * taking the focus from the Select when the motion ends closed that list under their mouse (the
 * New campaign dialog's strategy Select). The dialog itself (antd focuses it when nothing in it
 * has the focus) or anything outside it still hands the focus to the field.
 */
export function focusFieldOnOpen(field: HTMLElement | SelectFocusable | null | undefined): void {
  if (!field) return;
  const element = field instanceof HTMLElement ? field : field.nativeElement;
  const dialog = element.closest('[role="dialog"]');
  const active = document.activeElement;
  if (dialog && active && active !== dialog && dialog.contains(active)) return;
  field.focus();
}
