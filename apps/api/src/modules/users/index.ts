/** The users module's public face: other modules import only from here. */
export { registerRetention, type Retention } from './retention';
