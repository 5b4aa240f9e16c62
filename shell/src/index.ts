// Entry of the host. With asyncStartup the federation runtime has initialised the shared scope before this runs.
import { start } from './bootstrap';

void start();
