#!/usr/bin/env node
// Development: the server restarts on change (port 3000) and Vite serves the web app with hot
// reload on 5173, proxying /api and the socket to the server.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@karm/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@karm/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
