import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { attribute, escapeAttribute } from '../lib/htmlTags';
import {
  contentHashOf,
  HELD_FILES_COOKIE,
  HELD_FILES_LIMIT,
  PAGE_CHUNK_ATTRIBUTE,
} from '../../shared/pageChunks';

/**
 * A page's head carries its stylesheets and its first chunks' scripts inline the first time a browser asks for a page
 * (docs/performance.md, "a browser's first page carries its head's files"). On the phone row's line nothing else can arrive while the
 * HTML does: the page's other requests start once its answer is committed, a round trip later, so what the HTML
 * carries arrives in time the line would have idled, instead of sharing the line with the entry script. Once the
 * page works, the SPA fetches the files into the browser's cache and names them in a cookie (src/lib/heldFiles.ts);
 * a later page links the files the cookie names, as before.
 */

const HELD_COOKIE = new RegExp(`(?:^|;\\s*)${HELD_FILES_COOKIE}=([^;]*)`);
/** A page's first chunk's script tag (withPagePreloads marks them). */
export const PAGE_CHUNK_TAG = new RegExp(`\\s${PAGE_CHUNK_ATTRIBUTE}[\\s>]`);

/** The content hashes of the files the browser says it holds (the cookie the SPA writes): bounded, anything else ignored. */
export function heldFiles(cookieHeader: string | undefined): Set<string> {
  const value = HELD_COOKIE.exec(cookieHeader ?? '')?.[1] ?? '';
  return new Set(
    value
      .split('~')
      .filter((hash) => /^[0-9a-f]{8,20}$/.test(hash))
      .slice(-HELD_FILES_LIMIT),
  );
}

interface InlineFile {
  text: string;
  /** The CSP source that allows this text as an inline script ('sha256-…'). */
  source: string;
}

export interface InlinedPage {
  html: string;
  /** The CSP sources of the scripts now inline: the page's policy must allow them. */
  scriptSources: string[];
  /** The files now inline (their addresses as the page linked them): nothing is to preload them. */
  carried: Set<string>;
}

/**
 * Reads a built file once (hashed files never change), with its source map's and license's addresses made absolute:
 * in the page they would resolve against the page's address. A file that could close its own element, or that
 * cannot be read, stays linked.
 */
export function inlineAssets(spaDir: string) {
  const files = new Map<string, InlineFile | null>();
  const read = (href: string, element: 'style' | 'script'): InlineFile | null => {
    const kept = files.get(href);
    if (kept !== undefined) return kept;
    let file: InlineFile | null = null;
    const folder = href.slice(0, href.lastIndexOf('/') + 1);
    if (/^\/(css|js)\/[^/]+$/.test(href) && contentHashOf(href)) {
      try {
        const text = readFileSync(path.join(spaDir, href), 'utf8')
          .replace(/(\/[/*]# sourceMappingURL=)(?![a-z]+:|\/)/g, `$1${folder}`)
          .replace(/(For license information please see )(?=[^\s/]+\.txt)/, `$1${folder}`);
        if (!new RegExp(`</${element}`, 'i').test(text))
          file = { text, source: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
      } catch {
        file = null;
      }
    }
    files.set(href, file);
    return file;
  };

  /**
   * The page with its head's linked stylesheets and first chunks' scripts inline, but for the files `held`. The
   * stylesheets stay where the head links them; the scripts go to the end of the body (see `chunksAtBodyEnd`).
   */
  return function inline(html: string, held: Set<string>): InlinedPage {
    const headEnd = html.search(/<\/head>/i);
    if (headEnd === -1) return { html, scriptSources: [], carried: new Set() };
    const scriptSources: string[] = [];
    const carried = new Set<string>();
    const chunks: string[] = [];
    const isHeld = (href: string) => held.has(contentHashOf(href) ?? '');
    const head = html
      .slice(0, headEnd)
      // The scripts first: once the stylesheets' text is in, this pattern would read ~70 KB more of it.
      .replace(/<script\b[^>]*><\/script>/gi, (tag) => {
        const src = attribute(tag, 'src');
        if (!PAGE_CHUNK_TAG.test(tag) || !src || isHeld(src)) return tag;
        const file = read(src, 'script');
        if (!file) return tag;
        scriptSources.push(file.source);
        carried.add(src);
        // Runs as the parser meets it, before the entry as the deferred script did: a chunk only registers its
        // modules. Not marked as a page chunk: nothing can have failed to load.
        chunks.push(`<script data-href="${escapeAttribute(src)}">${file.text}</script>`);
        return '';
      })
      .replace(/<link\b[^>]*>/gi, (tag) => {
        const href = attribute(tag, 'href');
        if (attribute(tag, 'rel')?.toLowerCase() !== 'stylesheet' || !href || isHeld(href)) return tag;
        const file = read(href, 'style');
        if (!file) return tag;
        carried.add(href);
        // `data-href` names the file: webpack's stylesheet loader and the language switch (src/lib/direction.ts)
        // find the sheet in place, and the SPA knows what to fetch into the cache.
        const bootstrap = attribute(tag, 'data-bootstrap');
        return `<style data-href="${escapeAttribute(href)}"${bootstrap ? ` data-bootstrap="${escapeAttribute(bootstrap)}"` : ''}>${file.text}</style>`;
      });
    return {
      html: chunksAtBodyEnd(head, html.slice(headEnd), chunks.join('')),
      scriptSources,
      carried,
    };
  };
}

/**
 * The inline chunks go last in the body. In the head, each is a script the parser must compile and run before it
 * reads on: the page's first paint waited for ~40 KB of JavaScript it does not need (on the phone row, first paint
 * 0.70 → 0.64 s, docs/performance.md). At the body's end they still run before the deferred entry, which the
 * browser runs only once the whole document is parsed. A page without a body's end keeps them at the head's.
 */
function chunksAtBodyEnd(head: string, rest: string, chunks: string): string {
  // The page's own end: the built template writes it in lower case, and no text of the page can hold it unescaped.
  const bodyEnd = rest.lastIndexOf('</body>');
  if (bodyEnd === -1) return head + chunks + rest;
  return head + rest.slice(0, bodyEnd) + chunks + rest.slice(bodyEnd);
}
