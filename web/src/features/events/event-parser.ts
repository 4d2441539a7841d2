import { consoleEventSchema, type ConsoleEvent } from '@credence/shared';

/** One message of the stream as a console event, or undefined when it is not one (ignored). */
export function parseConsoleEvent(data: string): ConsoleEvent | undefined {
  try {
    const parsed = consoleEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
