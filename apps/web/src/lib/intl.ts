/**
 * Intl formatters kept per language and options. Making one costs far more than using it, and a screen formats
 * many values on each render (a time card's week: every day and every line's hours), which made long tasks on a slow
 * phone (issue 28); so each screen asks here instead of writing `new Intl.…Format`.
 */
function kept<Options, Format>(make: (language: string, options?: Options) => Format) {
  const formats = new Map<string, Format>();
  return (language: string, options?: Options): Format => {
    const key = `${language}|${JSON.stringify(options ?? {})}`;
    let format = formats.get(key);
    if (!format) {
      format = make(language, options);
      formats.set(key, format);
    }
    return format;
  };
}

export const dateFormat = kept<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>(
  (language, options) => new Intl.DateTimeFormat(language, options),
);
export const numberFormat = kept<Intl.NumberFormatOptions, Intl.NumberFormat>(
  (language, options) => new Intl.NumberFormat(language, options),
);
