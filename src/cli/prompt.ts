// One question on the terminal, one line of answer: the confirmation `hookrun test` asks before it
// runs real hook commands. Only called when standard input is a terminal.
import { createInterface } from 'node:readline';

export function askOnTerminal(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  return new Promise((resolve) => {
    let answered = false;
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
    // Ctrl-D (end of input) or Ctrl-C at the prompt is a "no".
    rl.on('close', () => {
      if (!answered) resolve('');
    });
    rl.on('SIGINT', () => rl.close());
  });
}
