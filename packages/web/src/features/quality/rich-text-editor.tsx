import { ActionIcon, Group, Input, Paper, Tooltip } from '@mantine/core';
import {
  IconBold,
  IconH2,
  IconH3,
  IconItalic,
  IconList,
  IconListNumbers,
  IconUnderline,
} from '@tabler/icons-react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import classes from './rich-text.module.css';

/**
 * A procedure's text (issue 16): Tiptap with headings, emphasis, underline, lists and links. It
 * hands HTML to the server, which sanitises it before it is stored.
 */
export const RichTextEditor = ({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}) => {
  const { t } = useTranslation('quality');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    immediatelyRender: true,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
    }),
  });
  const tools = [
    { key: 'bold', icon: IconBold, run: () => editor?.chain().focus().toggleBold().run() },
    { key: 'italic', icon: IconItalic, run: () => editor?.chain().focus().toggleItalic().run() },
    { key: 'underline', icon: IconUnderline, run: () => editor?.chain().focus().toggleUnderline().run() },
    { key: 'h2', icon: IconH2, run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run() },
    { key: 'h3', icon: IconH3, run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run() },
    { key: 'bullet', icon: IconList, run: () => editor?.chain().focus().toggleBulletList().run() },
    { key: 'ordered', icon: IconListNumbers, run: () => editor?.chain().focus().toggleOrderedList().run() },
  ] as const;
  return (
    <Input.Wrapper label={label} error={error} required>
      <Paper withBorder radius="sm" mt={4}>
        <Group gap={2} p={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          {tools.map(({ key, icon: Icon, run }) => (
            <Tooltip key={key} label={t(`editor.${key}`)}>
              <ActionIcon
                variant={state?.[key] ? 'filled' : 'subtle'}
                aria-label={t(`editor.${key}`)}
                aria-pressed={state?.[key] ?? false}
                onClick={run}
              >
                <Icon size={16} />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
        <EditorContent editor={editor} className={classes.editor} aria-label={label} />
      </Paper>
    </Input.Wrapper>
  );
};

/** Sanitised HTML from the server, shown with the house's typography. */
export const RichTextView = ({ html }: { html: string }) => (
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it (sanitize-html) before storing it
  <div className={classes.view} dangerouslySetInnerHTML={{ __html: html }} />
);
