import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, startAppTags, stylesheetsLoaded } from '../../src/app/appStart.ts';

/** index.html's app-start template, in the body, listing `html`. */
function templateOf(html: string): HTMLTemplateElement {
  const template = document.createElement('template');
  template.id = 'app-start';
  template.innerHTML = html;
  document.body.append(template);
  return template;
}

/** A frame clock whose frame and tasks run when the test says. */
function manualClock() {
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  return {
    clock: {
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => tasks.push(callback),
    },
    paintFrame: () => {
      for (const frame of frames.splice(0)) frame();
    },
    runTasks: () => {
      for (const task of tasks.splice(0)) task();
    },
  };
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('index.html starts the app after the launch screen has painted', () => {
  it('copies the listed tags into the head in their order, with every attribute, and removes the template', () => {
    startAppTags(
      document,
      templateOf(
        '<link rel="stylesheet" crossorigin href="/assets/app.css">' +
          '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/framework.js">' +
          '<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js"></script>',
      ),
    );

    expect(document.head.innerHTML).toBe(
      '<link rel="stylesheet" crossorigin="" href="/assets/app.css" data-loading="">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin="" href="/assets/framework.js">' +
        '<script type="module" fetchpriority="low" crossorigin="" src="/assets/index-A.js"></script>',
    );
    expect(document.getElementById('app-start')).toBeNull();
  });

  it('starts the app in the task after the first frame, not before it is painted', () => {
    const { clock, paintFrame, runTasks } = manualClock();
    const start = vi.fn();

    afterFirstPaint(document, clock, start);
    expect(start).not.toHaveBeenCalled();
    paintFrame();
    expect(start).not.toHaveBeenCalled();
    runTasks();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts a page opened hidden at once, since a hidden page gets no frames', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { clock } = manualClock();
    const start = vi.fn();

    afterFirstPaint(document, clock, start);

    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts once when the page is hidden before its first frame, and not again after the frame', () => {
    const { clock, paintFrame, runTasks } = manualClock();
    const start = vi.fn();

    afterFirstPaint(document, clock, start);
    document.dispatchEvent(new Event('visibilitychange'));
    paintFrame();
    runTasks();

    expect(start).toHaveBeenCalledTimes(1);
  });

  it('renders the app only once the stylesheets have been started and have loaded or failed', async () => {
    const template = templateOf(
      '<link rel="stylesheet" href="/assets/a.css"><link rel="stylesheet" href="/assets/b.css">',
    );
    let loaded = false;
    void stylesheetsLoaded(document).then(() => {
      loaded = true;
    });
    await new Promise((wait) => setTimeout(wait, 20));
    expect(loaded).toBe(false);

    startAppTags(document, template);
    const [first, second] = document.head.querySelectorAll('link');

    first?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(loaded).toBe(false);
    second?.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(loaded).toBe(true));
    expect(document.head.querySelectorAll('[data-loading]')).toHaveLength(0);
  });

  it('does not wait for a stylesheet that had already loaded', async () => {
    startAppTags(document, templateOf('<link rel="stylesheet" href="/assets/a.css">'));
    document.head.querySelector('link')?.dispatchEvent(new Event('load'));

    await expect(stylesheetsLoaded(document)).resolves.toBeUndefined();
  });
});
