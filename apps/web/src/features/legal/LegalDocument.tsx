import { Box, Container, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/Logo';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <Container maxWidth="md" sx={{ py: 5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 4 }}>
        <Logo />
        <Link component={RouterLink} to="/signup" variant="body2">
          Back to sign up
        </Link>
      </Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Last updated: {updated}
      </Typography>
      <Typography sx={{ mb: 3 }}>{intro}</Typography>
      {sections.map((section, index) => (
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {index + 1}. {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1.5 }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Container>
  );
}
