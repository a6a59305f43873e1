import { msg } from '@groundwork/core/messages';
import { hasControlCharacter } from '@groundwork/core/profile';
import { z } from 'zod';
import { AppError } from '../../graphql/errors.js';
import { defineRecordOperations } from '../../graphql/record-operations.js';
import { files } from './files.table.js';

/**
 * Spec §7 Filecabinet: the company's file records. Bytes arrive only through POST /api/files (sniffed, sized,
 * stripped of location), so a record is never made here, and what ties a row to its bytes and its record
 * (server_filename, source_table, source_uuid, type, size, uploader) can never be written. Everyone lists their
 * own uploads; admin_access sees, renames and hides the company's. Deleting hides the file (status 0): the bytes stay
 * until the company's clean-up, so a record that still names it never points at nothing.
 */
defineRecordOperations({
  name: 'Filecabinet',
  typeName: 'File',
  table: files,
  area: 'files',
  ownRecords: true,
  readOnly: [
    'uuid',
    'mimetype',
    'ext',
    'employees_id',
    'server_filename',
    'source_table',
    'source_uuid',
    'bytes',
    'created_by',
    'thumbnail_base64',
  ],
  softDelete: { column: 'status', value: 0 },
  validate: z
    .object({
      original_name: z
        .string()
        .trim()
        .min(1, 'This field is required')
        .max(255, 'You must enter a maximum of 255 characters')
        .refine(
          (name) => !name.includes('/') && !name.includes('\\') && !hasControlCharacter(name),
          'A file name cannot contain slashes or control characters',
        ),
      status: z.union([z.literal(0), z.literal(1)], { message: 'status must be 1 (active) or 0 (archived)' }),
    })
    .partial()
    .loose(),
  async beforeWrite(_tx, _member, action) {
    if (action === 'create') throw new AppError('VALIDATION', msg('files.addByUpload'));
  },
});
