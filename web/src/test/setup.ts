import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installConsoleGuard } from '../../../shared/src/test/console-guard';

// First, so its check runs after the clean-up below (after-hooks run in reverse order).
installConsoleGuard();

afterEach(() => cleanup());
