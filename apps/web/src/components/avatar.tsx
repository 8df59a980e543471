import { useState } from 'react';

/** Up to two initials from a name, falling back to the email's first letter. */
export function initialsOf(name: string, email = ''): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]?.[0], words.at(-1)?.[0]] : [words[0]?.[0]];
  const initials = letters.filter(Boolean).join('');
  return (initials || email.trim()[0] || '?').toUpperCase();
}

interface AvatarProps {
  name: string;
  email?: string;
  image?: string | null;
  size?: 'sm' | 'md' | 'lg';
}

/** The user's picture, or initials on a tinted circle when there is none (or it fails). */
export function Avatar({ name, email = '', image, size = 'md' }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const showImage = Boolean(image) && !failed;
  return (
    <span className={`avatar avatar-${size}`} aria-hidden="true">
      {showImage ? (
        <img
          src={image ?? ''}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      ) : (
        initialsOf(name, email)
      )}
    </span>
  );
}
