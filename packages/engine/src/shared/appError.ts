// An error with the HTTP status it stands for and where it happened: the platform's error handler
// answers it as `{ message, detail? }`.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string, detail?: string) {
    super(400, message, detail);
  }
}
