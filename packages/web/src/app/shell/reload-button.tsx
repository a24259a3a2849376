import { Button, type ButtonProps } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { reloadToNewVersion } from '@/lib/service-worker';

/** Loads the newest build (lib/service-worker), busy while the installed client fetches it. */
export const ReloadButton = ({ children, ...props }: ButtonProps & { children: ReactNode }) => {
  const [isReloading, setReloading] = useState(false);
  return (
    <Button
      {...props}
      loading={isReloading}
      onClick={() => {
        setReloading(true);
        void reloadToNewVersion();
      }}
    >
      {children}
    </Button>
  );
};
