// "Is this an HTML page?": hosts answer errors, paywalls and consent pages with HTML where data,
// BibTeX or a PDF was expected, and the message should say so.

export interface HtmlOptions {
  /** An XML declaration or any doctype counts too (expecting BibTeX or a PDF, any markup is wrong). */
  xml?: boolean;
}

/** True when the body starts (after white space and comments) as an HTML page. */
export function looksLikeHtml(text: string, { xml = false }: HtmlOptions = {}): boolean {
  const html = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i;
  return html.test(text) || (xml && /^\s*(<!--[\s\S]*?-->\s*)*<(\?xml|!doctype)/i.test(text));
}

/** The <title> of an HTML page, to say which page a host sent instead of data. */
export function htmlTitle(text: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text);
  return match?.[1]?.replace(/\s+/g, ' ').trim() || undefined;
}
