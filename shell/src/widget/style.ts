/**
 * Applies the host's validated style options through the CSSOM: fixed selectors, each value set
 * with setProperty (the browser drops what it cannot parse). Nothing is written as CSS text or
 * markup, so an option cannot close the rule, open a tag or load a script. The rules live in a
 * constructed stylesheet adopted by the document, not in a <style> element: the page's policy
 * refuses inline style elements, even an empty one (mf-config/src/csp.js).
 */
import type { StyleBlock, StyleBlockName, WidgetOptions } from './options';

const SCOPE = 'body.widget #root .jm-widget';

/** Where each style block applies in the swap box (the swap remote's class names). */
export const STYLE_TARGETS: Record<StyleBlockName, string> = {
  buttonStyle: `${SCOPE} .jm-button`,
  maxButtonStyle: `${SCOPE} .jm-max`,
  headingStyle: `${SCOPE} h2`,
  tabNavStyle: `${SCOPE} .jm-widget-tab`,
  tabNavActiveStyle: `${SCOPE} .jm-widget-tab[aria-selected="true"]`,
};

const kebab = (prop: string) => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function rules(options: WidgetOptions): [string, Record<string, string>][] {
  const card: Record<string, string> = {};
  if (options.backgroundColor) card.backgroundColor = options.backgroundColor;
  if (options.backgroundImage) {
    // The schema allows no quote, parenthesis or space in the url.
    card.backgroundImage = `url("${options.backgroundImage}")`;
    card.backgroundSize = 'cover';
  }
  if (options.textColor) card.color = options.textColor;
  if (options.shadow) card.boxShadow = options.shadow;
  const list: [string, Record<string, string>][] = [[`${SCOPE} .jm-card`, card]];
  for (const [block, selector] of Object.entries(STYLE_TARGETS)) {
    const values = options[block as StyleBlockName] as StyleBlock | undefined;
    if (values) list.push([selector, values]);
  }
  return list.filter(([, decls]) => Object.keys(decls).length > 0);
}

const sheets = new WeakMap<Document, CSSStyleSheet>();

export function applyWidgetStyle(doc: Document, options: WidgetOptions): CSSStyleSheet {
  let sheet = sheets.get(doc);
  if (!sheet) {
    sheet = new (doc.defaultView ?? window).CSSStyleSheet();
    sheets.set(doc, sheet);
    doc.adoptedStyleSheets = [...(doc.adoptedStyleSheets ?? []), sheet];
  }
  while (sheet.cssRules.length) sheet.deleteRule(0);
  for (const [selector, decls] of rules(options)) {
    const index = sheet.insertRule(`${selector} {}`, sheet.cssRules.length);
    const style = (sheet.cssRules[index] as CSSStyleRule).style;
    for (const [prop, value] of Object.entries(decls)) style.setProperty(kebab(prop), value);
  }
  return sheet;
}
