/**
 * How index.html starts the app's stylesheets once the launch screen has painted (firstPaint.ts,
 * inlined by scripts/vite/firstPaint.ts): the build lists them in `<template id="app-start">`,
 * where they load nothing, and the inline start copies them into the head in the task after the
 * page's first frame. The launch screen paints from the HTML alone instead of waiting for them;
 * they start about a frame later than the HTML would have started them, and the app's first
 * render waits for them (`stylesheetsLoaded`).
 */

/** The template index.html lists the app's stylesheets in. */
export const appStartTemplateId = 'app-start';

/** On a stylesheet the inline start added until it has loaded or failed: the app renders when none is left. */
const loadingAttribute = 'data-loading';

/** Copies the tags listed in `template` into the head, in their order (copies: a tag parsed in a template never loads). */
export function startAppTags(document: Document, template: HTMLTemplateElement): void {
  for (const listed of template.content.children) {
    const tag = document.createElement(listed.localName);
    for (const { name, value } of listed.attributes) tag.setAttribute(name, value);
    if (tag.getAttribute('rel') === 'stylesheet') {
      tag.setAttribute(loadingAttribute, '');
      const settle = () => tag.removeAttribute(loadingAttribute);
      tag.addEventListener('load', settle, { once: true });
      tag.addEventListener('error', settle, { once: true });
    }
    document.head.append(tag);
  }
  // Gone: the app's start (stylesheetsLoaded) knows the stylesheets have been started.
  template.remove();
}

/** What `afterFirstPaint` needs of the window. */
export interface FrameClock {
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, delay: number): unknown;
}

/**
 * Runs `start` once the page has painted: a task queued from an animation frame's callback runs
 * after that frame is painted. A hidden page gets no frames (a tab opened in the background) and
 * has nothing to paint for, so there it runs at once, or as soon as the page is hidden.
 */
export function afterFirstPaint(document: Document, clock: FrameClock, start: () => void): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  if (document.visibilityState === 'hidden') {
    startOnce();
    return;
  }
  clock.requestAnimationFrame(() => clock.setTimeout(startOnce, 0));
  document.addEventListener('visibilitychange', startOnce, { once: true });
}

/**
 * Resolves once the inline start has added the stylesheets and each has loaded or failed, so the
 * app's first render, which replaces the launch screen, is never drawn without its styles (the
 * app's scripts may well arrive before the launch screen has painted). At once in the development
 * server, whose index.html has no template (its styles come with the scripts).
 */
export async function stylesheetsLoaded(document: Document): Promise<void> {
  const template = document.getElementById(appStartTemplateId);
  const parent = template?.parentNode;
  if (template && parent) {
    await new Promise<void>((started) => {
      new MutationObserver((_, observer) => {
        if (template.isConnected) return;
        observer.disconnect();
        started();
      }).observe(parent, { childList: true });
    });
  }
  const loading = [...document.querySelectorAll<HTMLLinkElement>(`link[rel="stylesheet"][${loadingAttribute}]`)];
  await Promise.all(
    loading.map(
      (link) =>
        new Promise<void>((settled) => {
          link.addEventListener('load', () => settled(), { once: true });
          link.addEventListener('error', () => settled(), { once: true });
        }),
    ),
  );
}
