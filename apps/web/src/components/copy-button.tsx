import { useEffect, useState } from 'react';
import { showToast } from '../lib/toast-store.ts';
import { Button } from './button.tsx';
import { Icon } from './icon.tsx';

/** Copies text to the clipboard; false when the browser refuses (no permission, no HTTPS). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

interface CopyButtonProps {
  text: string;
  /** What was copied, for the toast: "Link copied". */
  what?: string;
  testId?: string;
}

/** A Copy button that says "Copied" for a moment, or how to copy by hand when it cannot. */
export function CopyButton({ text, what = 'Link', testId }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(text)) {
      setCopied(true);
      showToast(`${what} copied`, { tone: 'success' });
    } else {
      showToast('Copying is blocked in this browser. Select the text and copy it yourself.', {
        tone: 'danger',
        durationMs: 5000,
      });
    }
  };

  return (
    <Button
      onClick={() => void copy()}
      icon={copied ? <Icon name="check" size={16} /> : undefined}
      data-testid={testId}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
