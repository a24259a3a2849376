import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';
import type { ConfirmOptions } from './confirm-action';

// The dialog (a Modal) loads with the first question, not with the page: every page mounts this
// provider, /login included.
const ConfirmAction = lazy(() =>
  import('./confirm-action').then((module) => ({ default: module.ConfirmAction })),
);

export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Hosts the one confirm dialog the whole app asks through; mount it once inside MantineProvider. */
export const ConfirmProvider = ({ children }: { children: ReactNode }) => {
  // The options outlive `opened` so the text does not vanish during the closing transition.
  const [options, setOptions] = useState<ConfirmOptions>({ message: '' });
  const [opened, setOpened] = useState(false);
  const [hasAsked, setHasAsked] = useState(false);
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
        setHasAsked(true);
      }),
    [],
  );

  return (
    <ConfirmContext value={confirm}>
      {children}
      {hasAsked && (
        <Suspense fallback={null}>
          <ConfirmAction
            {...options}
            opened={opened}
            onConfirm={() => settle(true)}
            onCancel={() => settle(false)}
          />
        </Suspense>
      )}
    </ConfirmContext>
  );
};

/** `const confirm = useConfirm(); if (await confirm({ message })) …` — resolves true only on Confirm. */
export const useConfirm = (): Confirm => {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return confirm;
};
