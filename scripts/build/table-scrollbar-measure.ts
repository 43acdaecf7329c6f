/**
 * rc-table (antd's Table) measures the browser's scrollbar on every table it mounts, in a layout
 * effect: it reads the table body's computed style, adds a <style> element and a 100×100 scrolling
 * <div> to the page, reads their sizes and removes both. Each step makes the browser recompute the
 * whole page's styles and layout there and then, before the first paint, and again once they are
 * gone. A profile of the campaign list put ~26 ms of the first screen there, on a 2-core machine.
 *
 * The width it finds is used only by a table with a fixed header (`scroll.y`) or a sticky header:
 * FixedHolder, the fixed footer and ExpandedRow read it under those conditions alone. This build
 * step keeps the measurement for those tables, at mount and whenever one turns fixed or sticky,
 * and drops it for every other table. Applied by packages/web/vite.config.ts at build time; a
 * version of rc-table whose effect reads differently fails the build here, so the change is
 * reviewed rather than silently lost or misapplied.
 */

/** rc-table's module this applies to, as Vite names it (forward slashes on every system). */
export const RC_TABLE_MODULE = /\/@rc-component\/table\/es\/Table\.js$/;

const MEASURE_EFFECT = `  useLayoutEffect(() => {
    if (!tailor || !useInternalHooks) {
      if (scrollBodyRef.current instanceof Element) {
        setScrollbarSize(getTargetScrollBarSize(scrollBodyRef.current).width);
      } else {
        setScrollbarSize(getTargetScrollBarSize(scrollBodyContainerRef.current).width);
      }
    }
  }, []);`;

const MEASURE_WHEN_USED = `  useLayoutEffect(() => {
    // LinkLoom build (scripts/build/table-scrollbar-measure.ts): only a fixed or sticky header uses the width.
    if (!fixHeader && !isSticky) return;
    if (!tailor || !useInternalHooks) {
      if (scrollBodyRef.current instanceof Element) {
        setScrollbarSize(getTargetScrollBarSize(scrollBodyRef.current).width);
      } else {
        setScrollbarSize(getTargetScrollBarSize(scrollBodyContainerRef.current).width);
      }
    }
  }, [fixHeader, isSticky]);`;

/** The code of rc-table's Table.js with the scrollbar measured only for fixed or sticky headers. */
export function measureScrollbarOnlyWhenUsed(code: string): string {
  const normalized = code.replace(/\r\n/g, '\n');
  const at = normalized.indexOf(MEASURE_EFFECT);
  if (at < 0 || normalized.indexOf(MEASURE_EFFECT, at + 1) >= 0) {
    throw new Error('@rc-component/table/es/Table.js no longer holds the scrollbar measurement scripts/build/table-scrollbar-measure.ts rewrites: review that step for this version of rc-table');
  }
  // Both names must be declared before the effect for the rewritten one to read them.
  const before = normalized.slice(0, at);
  if (!/const fixHeader = /.test(before) || !/\bisSticky\b/.test(before)) {
    throw new Error('@rc-component/table/es/Table.js no longer declares fixHeader and isSticky before its scrollbar measurement: review scripts/build/table-scrollbar-measure.ts');
  }
  return before + MEASURE_WHEN_USED + normalized.slice(at + MEASURE_EFFECT.length);
}
