import { graphql } from '../lib/graphql';

/** Spec §7 submitIssue: the shell's "Report an issue" dialog sends it. */
export const submitIssueMutation = graphql(`
  mutation SubmitIssue(
    $tenant_uuid: ID!
    $user_name: String!
    $user_email: String!
    $subject: String!
    $description: String!
    $attached_files: [String!]
  ) {
    submitIssue(
      tenant_uuid: $tenant_uuid
      user_name: $user_name
      user_email: $user_email
      subject: $subject
      description: $description
      attached_files: $attached_files
    )
  }
`);
