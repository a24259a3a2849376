import { Avatar, type MantineSize } from '@mantine/core';
import { useDownloadLink } from '@/lib/download-links';

export type UserAvatarProps = {
  /** The person's `avatar` file (their profile's `avatarImage`), or none. */
  fileId: string | null | undefined;
  name: string;
  /** The picture's text alternative; without it the picture is decoration beside a visible name. */
  alt?: string;
  size?: MantineSize | number;
};

/**
 * A person's picture, fetched through a short-lived signed link (an <img> cannot send the session
 * token); their initials while it loads, when there is none, or when it cannot be opened (a picture
 * uploaded while signed in to another company).
 */
export const UserAvatar = ({ fileId, name, alt, size = 'md' }: UserAvatarProps) => {
  const url = useDownloadLink(fileId ? { kind: 'file', id: fileId, type: 'avatar' } : null);
  return (
    <Avatar
      src={url ?? null}
      name={name}
      alt={alt ?? ''}
      aria-hidden={alt ? undefined : true}
      color="initials"
      size={size}
      radius="xl"
    />
  );
};
