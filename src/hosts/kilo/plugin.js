import { CONFIG, startBridge } from '../../bridge/runtime/client.js';

export default function provisional() {
  return startBridge(CONFIG, { notify: console.error, cwd: process.cwd() });
}
