// Crawlers and link previewers: they get no error page on a fatal error (spec §2). Headless browsers used for
// testing and audits are not listed: they should see what people see.
const BOT_PATTERN =
  /bot\b|bot\/|crawler|spider|crawling|slurp|facebookexternalhit|embedly|quora link preview|outbrain|pinterest\/|vkshare|w3c_validator|whatsapp/i;

export function isBot(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return BOT_PATTERN.test(userAgent);
}
