import { Box, Button, Paper, Stack, Tab, Tabs } from '@mui/material';
import type { EndpointDetail } from '@sandbox/contracts';
import { useState } from 'react';
import { TestDataDialog } from '../testdata/TestDataDialog';
import { EndpointBehaviourPanel } from './EndpointBehaviourPanel';
import { HeadersForm } from './HeadersForm';
import { MappingForm } from './MappingForm';
import { ParamsForm } from './ParamsForm';
import { RequestBodyPanel } from './RequestBodyPanel';
import { ResponsesPanel } from './ResponsesPanel';

type TopTab = 'Request' | 'Response' | 'Mapping' | 'Behaviour';
const SUB_TABS: Record<TopTab, string[]> = {
  Request: ['Params', 'Headers', 'Body'],
  Response: ['Body'],
  Mapping: [],
  Behaviour: [],
};

export interface EndpointTabsProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

export function EndpointTabs({ apiMasterId, endpoint, readOnly }: EndpointTabsProps) {
  // spec §2: Mapping only for POST endpoints.
  const tops: TopTab[] =
    endpoint.methodType === 'POST'
      ? ['Request', 'Response', 'Mapping', 'Behaviour']
      : ['Request', 'Response', 'Behaviour'];
  const [chosenTop, setTop] = useState<TopTab>('Request');
  const top = tops.includes(chosenTop) ? chosenTop : 'Request';
  // spec §2: the sub-tab goes back to the first when the top tab or the endpoint changes.
  // A sub-tab chosen before is forgotten, not restored when the user comes back to that tab.
  const subKey = `${endpoint.id}:${top}`;
  const [sub, setSub] = useState(0);
  const [subFor, setSubFor] = useState(subKey);
  if (subFor !== subKey) {
    setSubFor(subKey);
    setSub(0);
  }
  const subTabs = SUB_TABS[top];
  const [testDataOpen, setTestDataOpen] = useState(false);
  // spec §2: test data only for GET endpoints with at least one response.
  const offersTestData = endpoint.methodType === 'GET' && endpoint.responseConfigList.length > 0;

  const panel = () => {
    if (top === 'Behaviour')
      return <EndpointBehaviourPanel apiMasterId={apiMasterId} endpoint={endpoint} readOnly={readOnly} />;
    if (top === 'Mapping')
      return <MappingForm apiMasterId={apiMasterId} endpoint={endpoint} readOnly={readOnly} />;
    if (top === 'Response')
      return <ResponsesPanel apiMasterId={apiMasterId} endpoint={endpoint} readOnly={readOnly} />;
    if (sub === 1) return <HeadersForm apiMasterId={apiMasterId} endpoint={endpoint} readOnly={readOnly} />;
    if (sub === 2)
      return <RequestBodyPanel apiMasterId={apiMasterId} endpoint={endpoint} readOnly={readOnly} />;
    return <ParamsForm apiMasterId={apiMasterId} endpoint={endpoint} readOnly={readOnly} />;
  };

  return (
    <Paper variant="outlined">
      <Stack direction="row" sx={{ alignItems: 'center', pr: 1 }}>
        <Tabs
          value={top}
          onChange={(_event, value: TopTab) => setTop(value)}
          aria-label="Endpoint sections"
          sx={{ flex: 1 }}
        >
          {tops.map((name) => (
            <Tab key={name} value={name} label={name} />
          ))}
        </Tabs>
        {offersTestData && (
          <Button size="small" variant="outlined" disabled={readOnly} onClick={() => setTestDataOpen(true)}>
            Append Test Data
          </Button>
        )}
      </Stack>
      {offersTestData && (
        <TestDataDialog
          open={testDataOpen}
          onClose={() => setTestDataOpen(false)}
          endpointId={endpoint.id}
          target="response"
        />
      )}
      {subTabs.length > 0 && (
        <Tabs
          value={sub}
          onChange={(_event, index: number) => setSub(index)}
          aria-label={`${top} sections`}
          sx={{ borderTop: 1, borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
        >
          {subTabs.map((name) => (
            <Tab key={name} label={name} sx={{ minHeight: 40 }} />
          ))}
        </Tabs>
      )}
      <Box
        key={endpoint.id}
        role="tabpanel"
        aria-label={subTabs[sub] ? `${top} ${subTabs[sub]}` : top}
        sx={{ p: 2 }}
      >
        {panel()}
      </Box>
    </Paper>
  );
}
