import { Center, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import classes from './login-layout.module.css';

/** The frame of the pages that need no sign-in: login and print (SPEC §2). */
export const LoginLayout = () => (
  <Center mih="100vh" className={classes.screen}>
    <Container size="md" w="100%" py="xl">
      <Outlet />
    </Container>
  </Center>
);
