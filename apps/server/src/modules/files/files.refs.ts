import { builder } from '../../graphql/builder.js';
import type { FileSummary } from './files.service.js';

/** A record's attached file as a module's GraphQL type shows it: the same fields under the module's own type name. */
export const fileSummaryRef = (typeName: string) =>
  builder.objectRef<FileSummary>(typeName).implement({
    fields: (t) => ({
      uuid: t.exposeID('uuid'),
      original_name: t.exposeString('original_name'),
      mimetype: t.exposeString('mimetype'),
      ext: t.exposeString('ext'),
      bytes: t.exposeInt('bytes'),
      thumbnail_base64: t.exposeString('thumbnail_base64', { nullable: true }),
    }),
  });
