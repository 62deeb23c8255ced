import { type BrowserContext, expect, type Page } from '@playwright/test';

// Layout checks for e2e/layout.spec.ts: nothing sticks out sideways, every control a person can see can
// also be clicked (nothing else sits on it), a dialog fits the screen, and a table that scrolls inside its
// card says so and keeps its row actions in view. They run inside the page and return plain reports, so
// a failure names the element (tag, id, classes, test id) and where it is.

/** The widths every screen is checked at: a phone, a tablet, a small laptop, a laptop, a desktop. */
export const WIDTHS = [375, 768, 1024, 1280, 1920] as const;
export const HEIGHT = 800;

/** From this width up a table fits its column: no scrolling sideways inside a table's wrapper. */
export const TABLE_FITS_FROM = 1280;

/** Transitions and animations off, so a resize or a sidebar toggle is final at the next frame. */
export async function disableMotion(context: BrowserContext) {
  await context.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent =
      '*,*::before,*::after{transition:none!important;animation:none!important;caret-color:transparent!important}';
    document.addEventListener('DOMContentLoaded', () => document.head.append(style));
  });
}

/** Resizes the viewport and waits until the page has laid itself out again (media queries, React). */
export async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: HEIGHT });
  await settle(page);
}

/** Two animation frames: media-query listeners have run and React has committed what they changed. */
export async function settle(page: Page) {
  // False when no frame came within 2 s although the page's timers ran: the browser stopped drawing
  // it, not the page hanging (a page stuck in a loop runs no timer either, and the test times out).
  const twoFrames = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((done) => {
          requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
          setTimeout(() => done(false), 2000);
        }),
    );
  if (await twoFrames()) return;
  // Headless Chromium on a loaded machine now and then stops drawing a page that is not in front.
  await page.bringToFront();
  expect(await twoFrames(), 'the page draws frames again once in front').toBe(true);
}

export interface LayoutReport {
  /** Elements that stick out past the right edge of the viewport (the outermost of each branch). */
  overflow: string[];
  /** Tables whose wrapper scrolls sideways (reported from TABLE_FITS_FROM up). */
  scrollingTables: string[];
  /** Controls whose centre is covered by another element, or that cannot be scrolled into view. */
  covered: string[];
  /** An open dialog that reaches past the viewport (its own content scrolls instead). */
  dialogs: string[];
  /**
   * Tables scrolling sideways inside their card without the edge hint, or whose last column's controls
   * (a row's actions) are out of view before the table is scrolled.
   */
  tableScroll: string[];
}

/** Runs both checks on the page as it is now, and scrolls back to the top afterwards. */
export async function checkLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(inPageCheck, { tableFitsFrom: TABLE_FITS_FROM });
}

/** A readable line per fault, for the assertion message. */
export function describeFaults(where: string, report: LayoutReport): string[] {
  return [
    ...report.overflow.map((line) => `${where}: sticks out: ${line}`),
    ...report.scrollingTables.map((line) => `${where}: table scrolls sideways: ${line}`),
    ...report.covered.map((line) => `${where}: control covered: ${line}`),
    ...report.dialogs.map((line) => `${where}: dialog does not fit: ${line}`),
    ...report.tableScroll.map((line) => `${where}: ${line}`),
  ];
}

// Everything below runs in the browser (page.evaluate serialises the function: no outside references).
// It is synchronous on purpose: reading a box or hit-testing lays the page out first, so no frame waits.
function inPageCheck({ tableFitsFrom }: { tableFitsFrom: number }): LayoutReport {
  const root = document.documentElement;
  const viewportWidth = root.clientWidth;

  const describe = (el: Element) => {
    let text = el.tagName.toLowerCase();
    if (el.id) text += `#${el.id}`;
    const testId = el.getAttribute('data-testid');
    if (testId) text += `[data-testid="${testId}"]`;
    const slot = el.getAttribute('data-slot');
    if (slot) text += `[data-slot="${slot}"]`;
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30);
    if (label) text += ` "${label.replace(/\s+/g, ' ')}"`;
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 6) : [];
    if (classes.length > 0 && classes[0]) text += ` .${classes.join('.')}`;
    return text;
  };

  // 1. Sideways overflow of the document: name the outermost elements past the right edge.
  const overflow: string[] = [];
  if (root.scrollWidth > viewportWidth) {
    const walk = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width > 0 && rect.right > viewportWidth + 0.5 && style.position !== 'fixed') {
        overflow.push(`${describe(el)} right=${Math.round(rect.right)} (viewport ${viewportWidth})`);
        return;
      }
      if (style.overflowX !== 'visible') return;
      for (const child of el.children) walk(child);
    };
    for (const child of document.body.children) walk(child);
    if (overflow.length === 0) overflow.push(`document scrollWidth=${root.scrollWidth} > ${viewportWidth}`);
  }

  // 2. Tables that scroll inside their wrapper where the screen is wide enough for them to fit.
  const scrollingTables: string[] = [];
  if (window.innerWidth >= tableFitsFrom) {
    for (const table of document.querySelectorAll('table')) {
      const wrapper = table.parentElement;
      if (wrapper && wrapper.scrollWidth > wrapper.clientWidth + 1 && table.checkVisibility()) {
        scrollingTables.push(
          `${describe(wrapper)} needs ${wrapper.scrollWidth}px, has ${wrapper.clientWidth}px`,
        );
      }
    }
  }

  // 3. Tables that scroll sideways: the wrapper marks the hidden side (the table component draws its
  // fade or the pinned column's shadow from that mark), and the last column's controls show at rest.
  const tableScroll: string[] = [];
  for (const container of document.querySelectorAll<HTMLElement>('[data-slot="table-container"]')) {
    const table = container.querySelector('table');
    if (!table?.checkVisibility() || container.scrollWidth <= container.clientWidth + 1) continue;
    container.scrollLeft = 0;
    if (!container.parentElement?.hasAttribute('data-more-end')) {
      tableScroll.push(`table scrolls with no hint: ${describe(container)}`);
    }
    const box = container.getBoundingClientRect();
    for (const row of table.querySelectorAll('tbody > tr')) {
      const last = row.lastElementChild;
      if (!last || (last as HTMLTableCellElement).colSpan > 1) continue;
      const control = last.querySelector(
        'button, a[href], [role="combobox"], select, input:not([type="hidden"])',
      );
      if (!control?.checkVisibility()) continue;
      const rect = control.getBoundingClientRect();
      if (rect.left < box.left - 1 || rect.right > box.right + 1) {
        tableScroll.push(`row action out of view until the table is scrolled: ${describe(control)}`);
        break;
      }
    }
  }

  // 4. A dialog (or sheet) taller or wider than the screen: its buttons would be off it.
  const dialogs: string[] = [];
  for (const dialog of document.querySelectorAll('[role="dialog"],[role="alertdialog"]')) {
    if (!dialog.checkVisibility()) continue;
    const rect = dialog.getBoundingClientRect();
    if (
      rect.left < -0.5 ||
      rect.top < -0.5 ||
      rect.right > viewportWidth + 0.5 ||
      rect.bottom > window.innerHeight + 0.5
    ) {
      dialogs.push(
        `${describe(dialog)} spans (${Math.round(rect.left)},${Math.round(rect.top)})-(${Math.round(rect.right)},${Math.round(rect.bottom)})`,
      );
    }
  }

  // 5. Controls covered by something else. A modal dialog makes everything outside it inert: then only
  // its own controls are checked.
  const modal = [...document.querySelectorAll('[role="dialog"],[role="alertdialog"]')].find(
    (d) => d.getAttribute('aria-modal') === 'true' || d.getAttribute('data-state') === 'open',
  );
  const scope = modal ?? document.body;
  const selector =
    'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="switch"], [role="checkbox"], [role="radio"], [role="tab"], [role="combobox"], [role="menuitem"]';
  const controls = [...scope.querySelectorAll<HTMLElement>(selector)].filter((el) => {
    if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true') return false;
    if (el.closest('[aria-hidden="true"],[inert]')) return false;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    if (getComputedStyle(el).pointerEvents === 'none') return false;
    const rect = el.getBoundingClientRect();
    // Visually hidden ones (sr-only skip links, native inputs behind a styled control) are not targets.
    return rect.width > 2 && rect.height > 2;
  });

  // The ancestors that clip each control (scrolling panels, table wrappers), found once.
  const clippers = new Map<HTMLElement, { el: Element; x: boolean; y: boolean }[]>();
  for (const el of controls) {
    const list: { el: Element; x: boolean; y: boolean }[] = [];
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      const x = style.overflowX !== 'visible';
      const y = style.overflowY !== 'visible';
      if (x || y) list.push({ el: a, x, y });
    }
    clippers.set(el, list);
  }
  /** The centre of the part of the control its clipping ancestors let show, or null if none shows. */
  const visibleCentre = (el: HTMLElement) => {
    let { left, top, right, bottom } = el.getBoundingClientRect();
    for (const clip of clippers.get(el) ?? []) {
      const box = clip.el.getBoundingClientRect();
      if (clip.x) {
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      if (clip.y) {
        top = Math.max(top, box.top);
        bottom = Math.min(bottom, box.bottom);
      }
    }
    if (right - left < 1 || bottom - top < 1) return null;
    return { x: (left + right) / 2, y: (top + bottom) / 2 };
  };

  const pending = new Set(controls);
  const lastCover = new Map<HTMLElement, string>();
  /** Hit-tests the control's centre if it is in the viewport; true when it is the control that is hit. */
  const tryOne = (el: HTMLElement) => {
    const centre = visibleCentre(el);
    if (!centre) return false;
    const { x, y } = centre;
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) {
      pending.delete(el);
      return true;
    }
    lastCover.set(el, hit ? describe(hit) : 'nothing');
    return false;
  };

  // Page down in steps (a sticky bar may cover a control at one step, never at all of them)...
  const step = Math.max(200, Math.floor(window.innerHeight * 0.5));
  for (let y = 0; ; y += step) {
    window.scrollTo(0, y);
    for (const el of pending) tryOne(el);
    if (pending.size === 0 || y + window.innerHeight >= root.scrollHeight) break;
  }
  // ...then bring each control still unchecked into view itself (one inside a scrolling panel or table).
  for (const el of [...pending]) {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    if (!tryOne(el) && !lastCover.has(el)) lastCover.set(el, 'never in view');
  }
  window.scrollTo(0, 0);
  for (const container of document.querySelectorAll('[data-slot="table-container"]'))
    container.scrollLeft = 0;

  const covered = [...pending].map((el) => {
    const rect = el.getBoundingClientRect();
    return `${describe(el)} at (${Math.round(rect.left)},${Math.round(rect.top)}) under ${lastCover.get(el) ?? 'unknown'}`;
  });
  return { overflow, scrollingTables, covered, dialogs, tableScroll };
}
