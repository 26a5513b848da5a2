/** The error an import is refused with; fails the test when it is not refused. */
export async function refusalOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the import to be refused');
}
