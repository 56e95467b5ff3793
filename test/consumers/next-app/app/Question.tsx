'use client';
import { AskUserPrompt, type Prompt } from '@ask-user-kit/react';
import { useState } from 'react';

export function Question({ prompt }: { prompt: Prompt }) {
  const [answer, setAnswer] = useState<string | string[]>();
  return (
    <>
      <AskUserPrompt prompt={prompt} onSubmit={setAnswer} />
      {answer !== undefined && <p data-testid="answer">You chose {String(answer)}</p>}
    </>
  );
}
