import { Center, Container } from '@mantine/core';
import { Outlet } from 'react-router';

/** The frame of the pages that need no sign-in: login and print (SPEC §2). */
export const LoginLayout = () => (
  <Center mih="100vh" bg="var(--mantine-color-gray-0)">
    <Container size="md" w="100%" py="xl">
      <Outlet />
    </Container>
  </Center>
);
