import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import { Box, FormLabel, IconButton, Stack, Tooltip } from '@mui/material';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';

type Labels = { bold: string; italic: string; bullets: string; numbers: string };

/**
 * The app's rich-text field (spec §2 "rich-text editor" dialog): Tiptap with paragraphs, bold, italic and lists, a
 * labelled toolbar, HTML out. The server sanitises whatever arrives (platform/rich-text.ts), pasted HTML included.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  labels,
  disabled,
  minHeight = 120,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  labels: Labels;
  disabled?: boolean;
  minHeight?: number;
}) {
  const id = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false })],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-labelledby': id, role: 'textbox', 'aria-multiline': 'true', class: 'gw-rich-text' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A value set from outside (a restored draft) replaces the content; typing does not come back through here.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  const tool = (name: string, active: boolean, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={name}>
      <span>
        <IconButton
          size="small"
          aria-label={name}
          aria-pressed={active}
          disabled={disabled}
          onClick={run}
          color={active ? 'primary' : 'default'}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Stack spacing={0.5}>
      <FormLabel id={id}>{label}</FormLabel>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, '&:focus-within': { borderColor: 'primary.main' } }}>
        <Stack direction="row" spacing={0.5} sx={{ borderBottom: 1, borderColor: 'divider', px: 0.5 }}>
          {tool(labels.bold, Boolean(editor?.isActive('bold')), <FormatBoldIcon fontSize="small" />, () =>
            editor?.chain().focus().toggleBold().run(),
          )}
          {tool(labels.italic, Boolean(editor?.isActive('italic')), <FormatItalicIcon fontSize="small" />, () =>
            editor?.chain().focus().toggleItalic().run(),
          )}
          {tool(labels.bullets, Boolean(editor?.isActive('bulletList')), <FormatListBulletedIcon fontSize="small" />, () =>
            editor?.chain().focus().toggleBulletList().run(),
          )}
          {tool(labels.numbers, Boolean(editor?.isActive('orderedList')), <FormatListNumberedIcon fontSize="small" />, () =>
            editor?.chain().focus().toggleOrderedList().run(),
          )}
        </Stack>
        <Box sx={{ px: 1.5, '& .gw-rich-text': { minHeight, outline: 'none', py: 1 }, '& p': { my: 0.5 } }}>
          <EditorContent editor={editor} />
        </Box>
      </Box>
    </Stack>
  );
}
