import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { ConfirmAction, type ConfirmOptions } from './confirm-action';

export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Hosts the one confirm dialog the whole app asks through; mount it once inside MantineProvider. */
export const ConfirmProvider = ({ children }: { children: ReactNode }) => {
  // The options outlive `opened` so the text does not vanish during the closing transition.
  const [options, setOptions] = useState<ConfirmOptions>({ message: '' });
  const [opened, setOpened] = useState(false);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const settle = useCallback((answer: boolean) => {
    resolveRef.current?.(answer);
    resolveRef.current = null;
    setOpened(false);
  }, []);

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        // A newer question replaces an unanswered one; the old caller hears "no".
        resolveRef.current?.(false);
        resolveRef.current = resolve;
        setOptions(next);
        setOpened(true);
      }),
    [],
  );

  return (
    <ConfirmContext value={confirm}>
      {children}
      <ConfirmAction
        {...options}
        opened={opened}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    </ConfirmContext>
  );
};

/** `const confirm = useConfirm(); if (await confirm({ message })) …` — resolves true only on Confirm. */
export const useConfirm = (): Confirm => {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return confirm;
};
